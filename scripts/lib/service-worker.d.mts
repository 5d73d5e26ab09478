import type { Plugin } from 'vite';
export declare const OFFLINE_MARKER: string;
export declare function precacheOf(bundle: Record<string, { fileName: string; type: string; source?: unknown }>): {
  files: string[];
  shell: string;
};
export declare function serviceWorkerSource(input: {
  files: string[];
  shell: string;
}): Promise<{ source: string; version: string }>;
export declare function serviceWorker(): Plugin;
