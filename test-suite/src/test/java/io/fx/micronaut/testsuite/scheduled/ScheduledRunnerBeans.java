package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.model.ModelDescriptor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.concurrent.CountDownLatch;

/** The runner tests' beans: a meter registry, and a record listener that dwells on broadcasts titled {@code slow}. */
@Factory
@Requires(property = "spec.runner", value = "true")
public class ScheduledRunnerBeans {

    @Singleton
    MeterRegistry meters() {
        return new SimpleMeterRegistry();
    }

    /** Opens its latch when a slow write starts, then holds the write for a second. */
    @Singleton
    public static final class Dwelling implements RecordListener {
        private final CountDownLatch entered = new CountDownLatch(1);

        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.getName().equals("Broadcast");
        }

        @Override
        public void beforeWrite(RecordChange change) {
            if ("slow".equals(change.getBefore().map(b -> b.get("title")).orElse(null))) {
                entered.countDown();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        public CountDownLatch entered() {
            return entered;
        }
    }
}
