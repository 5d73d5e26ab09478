// The API's reference, generated from the route declarations: /api/openapi.json and /api/docs.
import { allRoutes } from '@/shared/contract';
import { referenceRoutes } from '@/shared/contract/reference';
import { openApiDocument } from '../lib/openapi';
import { REFERENCE_STYLE, referencePage } from '../lib/reference-page';
import { reply, router, serve } from '../lib/serve';
import { viewer } from '../middleware/session';

export const referenceRouter = router('/api');

// Made once per isolate: the declarations do not change while it lives.
let document: ReturnType<typeof openApiDocument> | null = null;
let page: string | null = null;
const documentOnce = () => (document ??= openApiDocument(allRoutes));

// The reference changes only with a deployment; browsers may keep it an hour.
const CACHE = 'public, max-age=3600';

serve(referenceRouter, referenceRoutes.openapi, viewer('none'), (c) => {
  c.header('Cache-Control', CACHE);
  return reply(c, referenceRoutes.openapi, documentOnce() as { openapi: '3.1.0' });
});

serve(referenceRouter, referenceRoutes.docs, viewer('none'), async (c) => {
  page ??= referencePage(documentOnce());
  const styleHash = btoa(
    String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(REFERENCE_STYLE))),
    ),
  );
  c.header('Cache-Control', CACHE);
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return c.html(page);
});
