export interface VapidKeyVars {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}
export declare function newVapidKeys(): VapidKeyVars;
export declare function localVapidKeys(persistDir: string): VapidKeyVars;
