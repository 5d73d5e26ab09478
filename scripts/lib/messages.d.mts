export declare const LOCALES: string[];
export declare function readMessages(): Record<string, string>;
export declare function generateMessages(): Promise<Record<string, string>>;
export declare function writeMessages(): Promise<string[]>;
