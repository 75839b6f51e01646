import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, NextFunction, Request, Response, urlencoded } from 'express';
import type { AppConfig } from '../config/app-config';
import { bodyParserErrorHandler, requireJsonBody } from '../errors/express-error-handler';
import { AppLogger } from '../logging/app-logger';
import { ROOT_LOGGER } from '../logging/logging.module';
import { requestLog } from '../logging/request-log';
import { Metrics } from '../metrics/metrics';
import { writeJsonDirectly } from './json-responses';
import { answerMalformedRequests, refuseNulInQuery } from './malformed-requests';
import { releaseReferenceDocument } from '../openapi/reference-document';
import { completeOpenApiDocument } from './openapi-contract';
import { queryDtosByOperation } from './query-dtos';
import { importBodyLimit, takesImportBody, takesRawBody } from './raw-body-routes';
import { FORM_BODY_LIMIT, FORM_MEDIA_TYPE, takesFormBody } from './form-body-routes';

export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json'];

/**
 * What an HTTP app needs beyond its modules: JSON body parsing whose failures keep the error
 * shape, request ids and the request log, and the project's own OpenAPI document at /openapi.json with
 * an interactive reference at /docs. The api's main.ts and every HTTP test call it, so tests
 * exercise exactly what runs in production. Call it before `init()`/`listen()`.
 */
export function configureHttpApp(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(AppLogger));
  app.disable('x-powered-by');
  writeJsonDirectly(app.getHttpAdapter().getInstance());
  // First, so that every request has its id and its one log line, those refused before Nest too.
  const metrics = app.get(Metrics);
  app.use(requestLog(app.get(ROOT_LOGGER), metrics.exposed ? metrics.requests : undefined));
  if (config.corsOrigins.length > 0) {
    // Before everything else, so that a preflight is answered without a token or a body.
    app.enableCors({
      origin: config.corsOrigins.includes('*') ? '*' : config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['Location', 'Retry-After', 'X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
      maxAge: 600,
    });
  }
  answerMalformedRequests(app.getHttpServer());
  app.use(refuseNulInQuery);
  app.use(requireJsonBody);
  const parseJson = json({ limit: config.bodyLimit, type: JSON_MEDIA_TYPES, strict: false });
  // Uploads stream their raw body to their handler, whatever its type (a .json file too).
  // Imports take a whole source inline (a data: URL), so their limit is IMPORT_MAX_BYTES.
  const parseImportJson = json({ limit: importBodyLimit(config.importMaxBytes), type: JSON_MEDIA_TYPES, strict: false });
  // HTML forms (sign-in pages, SAML's HTTP-POST binding) post fields: flat strings, no nesting.
  const parseForm = urlencoded({ extended: false, limit: FORM_BODY_LIMIT, type: FORM_MEDIA_TYPE, parameterLimit: 50 });
  app.use((req: Request, res: Response, next: NextFunction) =>
    takesRawBody(req)
      ? next()
      : takesFormBody(req)
        ? parseForm(req, res, next)
        : takesImportBody(req)
          ? parseImportJson(req, res, next)
          : parseJson(req, res, next),
  );
  app.use(bodyParserErrorHandler((req) => (takesImportBody(req) ? `${config.importMaxBytes} bytes (IMPORT_MAX_BYTES)` : takesFormBody(req) ? FORM_BODY_LIMIT : config.bodyLimit)));

  const generated = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Documentation platform API')
      .setDescription(
        'The REST API of a self-hosted documentation platform. Every operation takes `Authorization: Bearer <token>`, or the ' +
          "session cookie of a person signed in at /auth/sign-in (then a POST, PUT, PATCH or DELETE from another site's page is refused with 403). " +
          'Errors have the body `{"error": {"code": <status>, "message": "<sentence>"}}`; lists answer ' +
          '`{"items", "count", "next": {"page"}}` with an opaque `page` cursor. Input rules of every operation (400 otherwise): ' +
          'no NUL character (U+0000) and no lone surrogate in any string, key, path segment, query value or header; strings are ' +
          'trimmed before their limits apply (except where a schema says it keeps whitespace); unknown fields are refused, at any ' +
          'depth; a body nests at most 512 arrays and objects; JSON answers of 8 KB or more are gzipped for clients that accept it.',
      )
      .setVersion('1')
      .addBearerAuth()
      .addSecurityRequirements('bearer')
      .build(),
  );
  // Relative: "Try it out" in /docs calls the origin the page was opened at (localhost or 127.0.0.1 alike).
  const document = completeOpenApiDocument(generated, new URL(config.urls.api).pathname.replace(/\/$/, ''), queryDtosByOperation(app));
  // The document holds copies of what it took from the reference: the reference itself can go.
  releaseReferenceDocument();
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Documentation platform API',
  });
}
