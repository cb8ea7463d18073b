package io.fx.micronaut.benchmarks.coldstart;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;

import java.util.List;
import java.util.Random;

/**
 * The warm part of a run: reads of seeded posts, then creates, invoked one after another on the handler that served
 * the cold invocations, as one Lambda instance serves its events. An answer other than 200 (read) or 201 (create)
 * counts as an error; the first is printed.
 *
 * @param readsPerSecond   reads per second, 0 when none ran
 * @param createsPerSecond creates per second, 0 when none ran
 * @param errors           answers with another status
 * @since 0.9.0
 */
record WarmPart(double readsPerSecond, double createsPerSecond, int errors) {

    static WarmPart run(RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> handler,
                        List<String> ids, int reads, int creates) {
        int[] errors = {0};
        Random sequence = ColdStartDriver.sequence();
        long started = System.nanoTime();
        for (int i = 0; i < reads; i++) {
            String id = ids.get(sequence.nextInt(ids.size()));
            check(handler.handleRequest(ProxyEvents.get("/api/posts/" + id, ColdStartDriver.requestId()),
                new BenchContext(ColdStartDriver.requestId())), 200, "GET /api/posts/" + id, errors);
        }
        double readSeconds = (System.nanoTime() - started) / 1e9;
        started = System.nanoTime();
        for (int i = 1; i <= creates; i++) {
            check(handler.handleRequest(ProxyEvents.post("/api/posts", ColdStartDriver.createBody(i),
                ColdStartDriver.requestId()), new BenchContext(ColdStartDriver.requestId())), 201, "POST /api/posts",
                errors);
        }
        double createSeconds = (System.nanoTime() - started) / 1e9;
        return new WarmPart(reads == 0 ? 0 : reads / readSeconds, creates == 0 ? 0 : creates / createSeconds,
            errors[0]);
    }

    private static void check(APIGatewayProxyResponseEvent response, int expected, String request, int[] errors) {
        if (response == null || response.getStatusCode() == null || response.getStatusCode() != expected) {
            if (errors[0] == 0) {
                System.err.println("warm " + request + " answered "
                    + (response == null ? "nothing" : response.getStatusCode() + " " + response.getBody()));
            }
            errors[0]++;
        }
    }
}
