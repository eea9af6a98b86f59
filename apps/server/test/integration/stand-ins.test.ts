import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { useServer } from '../../support/server';

// The emulator's unauthenticated /_test routes (pay any order, force refund failures, drop
// webhooks, read all state) exist only when both stand-ins are on: the local product and the tests.

describeEachDatabase('the emulator test routes', (engine) => {
  describe('with both stand-ins on (the local product)', () => {
    const server = useServer(engine);

    it('are mounted', async () => {
      const response = await server.request('GET', '/razorpay-emulator/_test/state');
      expect(response.status).toBe(200);
    });
  });

  describe('in a staging demo on Firebase sign-in with the emulator (ALLOW_STAND_INS)', () => {
    const server = useServer(engine, {
      env: {
        FIREBASE_PROJECT_ID: 'utsav-staging',
        ADMIN_EMAILS: 'organiser@utsav.test',
        ALLOW_STAND_INS: 'true',
      },
    });

    it('are not mounted, while the emulated Razorpay API still is', async () => {
      const state = await server.request('GET', '/razorpay-emulator/_test/state');
      const pay = await server.request('POST', '/razorpay-emulator/_test/pay', {
        body: { order_id: 'order_Anything00001' },
      });
      const api = await server.request('GET', '/razorpay-emulator/v1/orders/order_Anything00001');
      expect(state.status).toBe(404);
      expect(pay.status).toBe(404);
      // The emulator itself answers: Razorpay's 401 for a call without its keys.
      expect(api.status).toBe(401);
    });
  });
});
