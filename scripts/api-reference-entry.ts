// Bundled and run by scripts/build-api-reference.mjs: writes the API's reference, generated from
// the route declarations, into the folder given as the first argument.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allRoutes } from '@/shared/contract';
import { openApiDocument } from '@worker/lib/openapi';
import { REFERENCE_STYLE, referencePage } from '@worker/lib/reference-page';

const out = process.argv[2]!;
mkdirSync(out, { recursive: true });
const document = openApiDocument(allRoutes);
writeFileSync(join(out, 'openapi.json'), JSON.stringify(document));
writeFileSync(join(out, 'index.html'), referencePage(document));
writeFileSync(join(out, 'reference.css'), REFERENCE_STYLE);
