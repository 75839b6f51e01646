import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { DtoClass } from '../validation/dto-shape';

/** Where @nestjs/swagger keeps @ApiOperation (its DECORATORS constant, not exported). */
const API_OPERATION = 'swagger/apiOperation';

/**
 * The DTO classes of each route's `@Query()` parameter (a whole query, not `@Query('name')`), by
 * the route's operation id: what `completeOpenApiDocument` reads to state the query's rules.
 */
export function queryDtosByOperation(app: INestApplication): Map<string, DtoClass[]> {
  const found = new Map<string, DtoClass[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller?.prototype) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        const operationId = (Reflect.getMetadata(API_OPERATION, handler) as { operationId?: string } | undefined)?.operationId;
        const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) as Record<string, { index: number; data?: unknown }> | undefined;
        if (!operationId || !args) continue;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as unknown[];
        const dtos = Object.entries(args)
          .filter(([key, arg]) => key.split(':')[0] === String(RouteParamtypes.QUERY) && arg.data === undefined)
          .map(([, arg]) => types[arg.index])
          .filter((type): type is DtoClass => typeof type === 'function' && type !== Object);
        if (dtos.length > 0) found.set(operationId, dtos);
      }
    }
  }
  return found;
}
