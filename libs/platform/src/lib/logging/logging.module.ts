import { DynamicModule, Global, Module } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import type { LogLevel } from '../config/app-config';
import { AppLogger } from './app-logger';

/** The root pino logger of the process (one JSON line per event). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Logging: one pino logger per process, Nest's own logging written through it (`AppLogger`),
 * and for HTTP apps the request log (`requestLog`, installed by configureHttpApp).
 */
@Global()
@Module({})
export class LoggingModule {
  /** `destination`: where lines go (stdout by default; tests capture them). */
  static forRoot(level: LogLevel, destination?: DestinationStream): DynamicModule {
    const root: Logger = destination ? pino({ level }, destination) : pino({ level });
    return {
      module: LoggingModule,
      providers: [
        { provide: ROOT_LOGGER, useValue: root },
        { provide: AppLogger, useValue: new AppLogger(root) },
      ],
      exports: [ROOT_LOGGER, AppLogger],
    };
  }
}
