import { Controller, Get, Module } from '@nestjs/common';
import { createTestApp } from '../../testing';

@Controller('probe')
class ProbeController {
  @Get('a')
  a() {
    return {};
  }

  @Get('b')
  b() {
    return {};
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

interface Line {
  level: number;
  context?: string;
  msg: string;
}

async function startUpLines(level: string): Promise<Line[]> {
  const lines: Line[] = [];
  const t = await createTestApp({ imports: [ProbeModule], env: { LOG_LEVEL: level }, logDestination: { write: (line: string) => lines.push(JSON.parse(line) as Line) } });
  await t.close();
  return lines;
}

describe("Nest's start-up lines (modules, controllers, one per route)", () => {
  it('are debug: a start at info writes none of them', async () => {
    const info = await startUpLines('info');
    expect(info.filter((line) => /Mapped \{|dependencies initialized|Controller \{/.test(line.msg))).toEqual([]);
  });

  it('are there at debug, with their context', async () => {
    const debug = await startUpLines('debug');
    const routes = debug.filter((line) => line.context === 'RouterExplorer');
    expect(routes.map((line) => line.msg)).toEqual(expect.arrayContaining(['Mapped {/probe/a, GET} route', 'Mapped {/probe/b, GET} route']));
    expect(routes.every((line) => line.level === 20)).toBe(true);
  });
});
