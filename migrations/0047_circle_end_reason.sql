-- Why a trade circle was called off, in words its members read (decision 061). Earlier circles keep null.
ALTER TABLE `trade_circles` ADD `end_reason` text;
