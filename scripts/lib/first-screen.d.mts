import type { Plugin } from 'vite';
export declare function firstScreenCssText(): string;
export declare function firstScreenCss(): Plugin;
export declare function deferAppAssets(): Plugin;
