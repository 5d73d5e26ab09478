// Types of scripts/lib/migrations.mjs for the TypeScript that imports it (vitest.config.ts).
export declare const MIGRATIONS_DIR: string;
export declare const MIGRATION_FILE: RegExp;
export declare const MIGRATIONS_PATTERN: string;
export declare function migrationFiles(): string[];
