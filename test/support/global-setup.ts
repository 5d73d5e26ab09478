// One `npm start` for every Node-side test file (smoke and browser), as a new user would run it.
import type { TestProject } from 'vitest/node';
import { startApp, type RunningApp } from './server';

let app: RunningApp | undefined;

export async function setup(project: TestProject) {
  app = await startApp();
  console.log(`npm start served the app in ${(app.startupMs / 1000).toFixed(1)} s`);
  project.provide('baseUrl', app.baseUrl);
  project.provide('startupMs', app.startupMs);
}

export async function teardown() {
  await app?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    startupMs: number;
  }
}
