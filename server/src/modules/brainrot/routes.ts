import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';

/** Issue 18: stub, filled by the video-mode work (`GET /api/brainrot/manifest`, `GET /brainrot/{category}/{file}`). */
export const brainrotRoutes: FastifyPluginAsync<{ config: AppConfig }> = async () => {};
