import type { Plugin } from 'vite';
export declare function withoutTooltipProvider(code: string): string;
export declare function radixThemeRoot(): Plugin;
