import {
  checkoutQuestionsResponseSchema,
  ticketAnswersResponseSchema,
} from '@utsav/domain/api/checkout-questions';
import { checkoutQuestionsInputSchema } from '@utsav/domain/checkout-questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { checkoutQuestions, saveCheckoutQuestions, ticketAnswers } from './service';

const questionsResponse = { 200: checkoutQuestionsResponseSchema };

const checkoutQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/checkout-questions',
    {
      // An ordinary admin route, though its path names the checkout.
      config: { paidOrder: false },
      onRequest: app.requireAction('questions:view'),
      schema: { tags: ['admin'], response: questionsResponse },
    },
    async () => ({ success: true as const, questions: await checkoutQuestions(app.ctx) }),
  );

  app.put(
    '/admin/checkout-questions',
    {
      config: { paidOrder: false },
      onRequest: app.requireAction('questions:write'),
      // Documented here, validated by the service (one schema, per-field details).
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: { tags: ['admin'], body: checkoutQuestionsInputSchema, response: questionsResponse },
    },
    async (request) => ({
      success: true as const,
      questions: await saveCheckoutQuestions(app.ctx, actor(request), request.body as unknown),
    }),
  );

  app.get(
    '/admin/tickets/:id/answers',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ticketAnswersResponseSchema },
      },
    },
    async (request) => ({ success: true as const, answers: await ticketAnswers(app.ctx, request.params.id) }),
  );
};

export default checkoutQuestionRoutes;
