export declare const API_REFERENCE_DIR: string;
export declare function writeApiReference(out?: string): void;
