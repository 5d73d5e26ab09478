import type { Page } from 'playwright-core';
export declare function appStarted(page: Page): Promise<unknown>;
export declare function waitForTheAppOnLoad(page: Page): void;
