import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The contract test: every answer an API test receives through the test app is checked against the
 * OpenAPI document (/sv/docs/json) for its operation and status, with Ajv. An undocumented status,
 * a content type the document does not list or a body that breaks the documented schema is a
 * violation; `buildTestApp` hooks it in, and closing the app fails the suite if any occurred.
 * Answers of the not-found handler (404, 405) are checked against the shared error envelope.
 */

type Media = Record<string, { schema?: unknown }>;
type Responses = Record<string, { content?: Media }>;
type Document = {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** `/sv/api/equipo/:id(^\d+$)` → `/sv/api/equipo/{id}`, as the document names paths. */
export const docPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const COMPONENTS_ID = 'https://nexo.local/openapi-components';

/** `#/components/schemas/X` → the same component in the schema registered once per Ajv instance. */
function pointAtComponents(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) =>
    key === '$ref' && typeof v === 'string'
      ? v.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`)
      : v,
  );
}

/** The schema with its component references pointing at `$defs` of the same schema (one-off checks). */
export function standalone(schema: unknown, components: Record<string, unknown>): Record<string, unknown> {
  const rewrite = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, v) =>
      key === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : v,
    );
  return { ...(rewrite(schema) as Record<string, unknown>), $defs: rewrite(components) };
}

export interface ContractCheck {
  /** What broke the document so far (method, path, status and why). */
  violations: string[];
  /** How many answers were checked against a documented schema. */
  checked(): number;
}

/** Compiled validators per document, shared by the test apps of one process (same routes, same document). */
const compiledByDocument = new Map<string, { ajv: Ajv2020; validators: Map<string, ValidateFunction> }>();

export function checkAnswersAgainstDocument(app: FastifyInstance): ContractCheck {
  const violations: string[] = [];
  let checked = 0;
  let doc: Document | undefined;
  let compiled: { ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

  const validatorFor = (key: string, schema: unknown): ValidateFunction => {
    if (!compiled) {
      const text = JSON.stringify(doc);
      compiled = compiledByDocument.get(text);
      if (!compiled) {
        const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
        addFormats.default(ajv);
        // The components once: every operation's schema refers to them there.
        ajv.addSchema({ $id: COMPONENTS_ID, $defs: pointAtComponents(doc?.components?.schemas ?? {}) });
        compiled = { ajv, validators: new Map() };
        compiledByDocument.set(text, compiled);
      }
    }
    let validate = compiled.validators.get(key);
    if (!validate) {
      validate = compiled.ajv.compile(pointAtComponents(schema) as Record<string, unknown>);
      compiled.validators.set(key, validate);
    }
    return validate;
  };

  // The document is built when the app is ready, so no answer waits for it.
  app.addHook('onReady', async () => {
    doc = (app as unknown as { swagger(): Document }).swagger();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/sv/docs')) return payload;
    try {
      check(request, reply, payload);
    } catch (error) {
      violations.push(`${request.method} ${request.url}: no se pudo verificar (${String(error)})`);
    }
    return payload;
  });

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    doc ??= (app as unknown as { swagger(): Document }).swagger();
    const status = reply.statusCode;
    const method = request.method.toLowerCase();
    const routeUrl = request.routeOptions.url;
    const where = `${request.method} ${routeUrl ?? request.url} → ${status}`;
    let responses: Responses | undefined;
    let opKey: string;
    if (routeUrl && !request.is404) {
      const op = doc.paths[docPath(routeUrl)]?.[method === 'head' ? 'get' : method];
      if (!op) return payload; // a route the document hides on purpose
      responses = op.responses;
      opKey = `${method} ${routeUrl}`;
      const success = Object.keys(responses).some((s) => s.startsWith('2'));
      if (!success && status < 300) return payload; // its success schema is still being written
    } else {
      if (status < 400) return payload; // the web app's files
      responses = {
        [status]: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      };
      opKey = 'no encontrada';
    }
    const documented = responses[String(status)];
    if (!documented) {
      violations.push(`${where}: estado no documentado`);
      return payload;
    }
    const type =
      String(reply.getHeader('content-type') ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    const media = documented.content ?? {};
    if (method === 'head' || status === 204) return payload;
    if (!(type in media)) {
      violations.push(
        `${where}: content-type ${type || '(ninguno)'} no documentado (${Object.keys(media).join(', ')})`,
      );
      return payload;
    }
    if (type !== 'application/json' || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      violations.push(`${where}: el cuerpo no es JSON`);
      return payload;
    }
    const validate = validatorFor(`${opKey} ${status} ${type}`, media[type]?.schema ?? {});
    checked++;
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map(
          (e) =>
            `${e.instancePath || '(raíz)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        )
        .join('; ');
      violations.push(`${where}: ${errors} — ${payload.slice(0, 200)}`);
    }
    return payload;
  }

  return { violations, checked: () => checked };
}
