import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdmissionLimits } from '../config/config.ts';
import { AdmissionAborted, FairQueue } from './fair-queue.ts';
import { operationClaim, passwordRouteClaim, type AdmissionClaim } from './heavy-work.ts';

/**
 * The queues heavy work waits in, owned by the app: one for heavy searches, archives and downloads (per
 * caller: user id, else client address), one for password hashing (per client address), whose few slots
 * keep scrypt from taking more than that many of libuv's threads.
 */
export class Admission {
  readonly heavy: FairQueue;
  readonly passwords: FairQueue;

  constructor(limits: AdmissionLimits) {
    const common = {
      queuePerCaller: limits.queuePerCaller,
      queueTotal: limits.queueTotal,
      retryAfterSeconds: limits.retryAfterSeconds,
    };
    this.heavy = new FairQueue('heavy requests', {
      ...common,
      slots: limits.heavySlots,
      callerSlots: limits.callerSlots,
    });
    this.passwords = new FairQueue('password checks', {
      ...common,
      slots: limits.passwordHashes,
      callerSlots: limits.passwordHashes,
    });
  }

  close(): void {
    this.heavy.close();
    this.passwords.close();
  }
}

const claimOf = (request: FastifyRequest): AdmissionClaim | undefined => {
  const { operation, admission } = request.routeOptions.config;
  if (operation) return operationClaim(operation, request.body, request.query);
  return admission === 'password' ? passwordRouteClaim(request.body) : undefined;
};

/**
 * Before the handler (after parsing, validation and the caller's token): heavy requests wait for their
 * turn and hold their units until the answer has been sent or the client has gone, so serialising and
 * streaming count too. A request whose client leaves while it waits is dropped without an answer.
 */
const admit = (admission: Admission) => async (request: FastifyRequest, reply: FastifyReply) => {
  const claim = claimOf(request);
  if (!claim) return;
  const queue = claim.queue === 'heavy' ? admission.heavy : admission.passwords;
  // Hashing is per address: a login has no user yet, and one account must not hold others up.
  const key = claim.queue === 'heavy' ? (request.user?.user_id ?? request.ip) : request.ip;
  const response = reply.raw;
  const controller = new AbortController();
  // The response's 'close' (not the request's): it comes with the socket's, or after the answer went out.
  const onClose = () => {
    if (!response.writableFinished) controller.abort();
  };
  response.on('close', onClose);
  let release: () => void;
  try {
    release = await queue.acquire(key, claim.weight, controller.signal);
  } catch (error) {
    if (!(error instanceof AdmissionAborted)) throw error;
    request.log.debug('request dropped while waiting for admission: the client closed the connection');
    reply.hijack();
    return;
  } finally {
    response.off('close', onClose);
  }
  if (response.destroyed) {
    release();
    reply.hijack();
    return;
  }
  response.once('close', release);
};

/** Installs the admission hook for every route of the app. */
export const registerAdmission = (app: FastifyInstance, admission: Admission): void => {
  app.addHook('preHandler', admit(admission));
};
