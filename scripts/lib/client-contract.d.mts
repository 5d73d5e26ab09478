import type { Plugin } from 'vite';
export declare function clientContract(): Plugin;
