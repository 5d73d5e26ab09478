import type { Plugin } from 'vite';
export declare function radixThemesCss(): Plugin;
