import { type Language, languageFromAcceptLanguage } from '@utsav/domain/languages';
import type { FastifyRequest } from 'fastify';
import { type MessageParams, msg, renderMessage } from './messages';

/**
 * The language to answer a request in: what its Accept-Language asks for (our web app sends the person's
 * chosen language there), English otherwise. Machine codes are the same in every language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

/** A reply's sentence (a success `message`) in the request's language: `said(request, 'Ticket deleted')`. */
export function said(request: FastifyRequest, template: string, params?: MessageParams): string {
  return renderMessage(msg(template, params), requestLanguage(request));
}
