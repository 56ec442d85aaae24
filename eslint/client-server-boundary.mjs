// A client module runs in the browser: it may name server modules' types, never load their code.
import path from "node:path";

const SERVER_ALIAS = /^@\/server(\/|$)/;
const SERVER_FOLDER = `${path.sep}src${path.sep}server${path.sep}`;

const MESSAGE =
  'Client components (src/components and every "use client" file) never import server modules: ' +
  "server code must not reach the browser bundle. Use `import type`, or pass the value down from a server component.";

function isClientModule(context) {
  const filename = context.filename;
  if (filename.includes(`${path.sep}src${path.sep}components${path.sep}`)) return true;
  return context.sourceCode.ast.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
}

function reachesServer(context, source) {
  if (SERVER_ALIAS.test(source)) return true;
  if (!source.startsWith(".")) return false;
  return `${path.resolve(path.dirname(context.filename), source)}${path.sep}`.includes(SERVER_FOLDER);
}

const onlyTypes = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.importKind === "type" || specifier.exportKind === "type"));

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Client modules import server modules for types only." },
    messages: { serverImport: MESSAGE + " ({{source}})" },
    schema: [],
  },
  create(context) {
    if (!isClientModule(context)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || onlyTypes(node) || !reachesServer(context, source)) return;
      context.report({ node, messageId: "serverImport", data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const plugin = { meta: { name: "linkbio-boundaries" }, rules: { "client-imports-no-server": rule } };

export default plugin;
