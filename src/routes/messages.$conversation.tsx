import { createFileRoute } from '@tanstack/react-router';

// A conversation's own address (docs/api/offers.md, "Addresses"): /messages/{listing}-{low}-{high}.
// The messages page (the parent route) shows the list and the conversation; this child only
// carries the address, so moving between conversations keeps the list mounted.
export const Route = createFileRoute('/messages/$conversation')({
  component: () => null,
});
