// Writes docs/export/linkbio-export.schema.json from the export's zod schema (a test keeps them equal).
import fs from "node:fs";
import { accountExportJsonSchema } from "@/lib/schemas/export";

const file = new URL("../docs/export/linkbio-export.schema.json", import.meta.url);
fs.writeFileSync(file, `${JSON.stringify(accountExportJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${file.pathname}`);
