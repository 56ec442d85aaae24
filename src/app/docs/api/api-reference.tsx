"use client";

import { useEffect, useRef, useState } from "react";

type SwaggerUIBundle = (options: Record<string, unknown>) => unknown;
declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

const BUNDLE = "/docs/api/assets/swagger-ui-bundle.js";

function loadBundle(): Promise<SwaggerUIBundle> {
  if (window.SwaggerUIBundle) return Promise.resolve(window.SwaggerUIBundle);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = BUNDLE;
    script.async = true;
    script.onload = () => (window.SwaggerUIBundle ? resolve(window.SwaggerUIBundle) : reject(new Error("Swagger UI did not load")));
    script.onerror = () => reject(new Error("Swagger UI did not load"));
    document.body.appendChild(script);
  });
}

/** Swagger UI on the generated document: every call with its schemas, and "Try it out" with a Bearer token. */
export function ApiReference({ specUrl }: { specUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadBundle()
      .then((SwaggerUI) => {
        if (cancelled || !container.current) return;
        SwaggerUI({
          url: specUrl,
          domNode: container.current,
          deepLinking: true,
          persistAuthorization: true,
          displayRequestDuration: true,
          tryItOutEnabled: false,
          defaultModelsExpandDepth: 0,
          validatorUrl: null,
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [specUrl]);

  return (
    <main className="mx-auto max-w-6xl px-2 pb-16">
      {failed && (
        <p role="alert" className="p-6 text-sm text-red-600">
          The interactive reference could not load. The document itself is at{" "}
          <a className="underline" href={specUrl}>
            {specUrl}
          </a>
          .
        </p>
      )}
      <div ref={container} data-testid="api-reference" />
    </main>
  );
}
