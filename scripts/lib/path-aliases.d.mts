export declare const pathAliases: { find: RegExp; replacement: string }[];
