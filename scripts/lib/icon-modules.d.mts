import type { Plugin } from 'vite';
export declare function iconModules(): Plugin;
