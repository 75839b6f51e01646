import { createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import type { Caller, RequestWithCaller } from './caller';

/** The authenticated caller of this request (set by AuthGuard). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new InternalServerErrorException('route needs an authenticated caller but is public');
  return caller;
});
