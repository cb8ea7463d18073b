package io.fx.micronaut.testsuite.lifecycle;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;

import java.util.concurrent.CountDownLatch;

/** Holds a request in the Service step for as long as its X-Slow-Millis header says. */
@Requires(property = "spec.name", pattern = "DrainTest|DisconnectTest")
@FxMiddleware(step = Step.SERVICE, models = "Widget")
public class SlowMiddleware implements Middleware {

    final CountDownLatch entered = new CountDownLatch(1);

    @Override
    public void handle(RequestContext context, Next next) {
        String millis = context.getRequest().orElseThrow().getHeaders().get("X-Slow-Millis");
        if (millis != null) {
            entered.countDown();
            try {
                Thread.sleep(Long.parseLong(millis));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        next.next();
    }
}
