export declare const LOCALES: string[];
export declare function readMessages(): Record<string, string>;
export declare function compileMessage(text: string): string;
export declare function generateMessages(): Record<string, string>;
export declare function writeMessages(): string[];
