import { LogController } from 'fastify';

/**
 * One log line per request, when it has answered: Fastify's own two (on arrival and on answer) were
 * written synchronously and cost a seventh of a cheap list's CPU. The line carries what both did:
 * the request (redacted by `logSerializers.req`), its id, the status and the time taken. Fastify's
 * other lines (errors, unknown routes) are its own.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
