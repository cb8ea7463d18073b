package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.scheduled.ScheduledTransition;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The beans of the scheduled-fields tests' applications: a movable clock, a listener recording transitions (with
 * whether a transaction was still active), a listener that always throws, and a record listener refusing writes of
 * broadcasts titled {@code refuse}.
 */
@Factory
@Requires(property = ScheduledTestModels.PROPERTY, value = "true")
public class ScheduledTestBeans {

    /** The moment every scheduled test's clock starts at. */
    public static final Instant START = Instant.parse("2030-01-01T12:00:00Z");

    @Singleton
    @Requires(missingProperty = "spec.real-clock")
    Clock clock() {
        return new MovableClock(START);
    }

    /** Records every transition it hears, in order. */
    @Singleton
    public static final class Transitions {
        private final List<ScheduledTransition> heard = new CopyOnWriteArrayList<>();
        private final io.fx.micronaut.db.Transactions transactions;

        Transitions(io.fx.micronaut.db.Transactions transactions) {
            this.transactions = transactions;
        }

        @EventListener
        void on(ScheduledTransition transition) {
            if (transactions.isActive()) {
                throw new IllegalStateException("announced inside the transaction");
            }
            heard.add(transition);
        }

        public List<ScheduledTransition> heard() {
            return heard;
        }

        public void clear() {
            heard.clear();
        }
    }

    /** Throws on every transition; the others still hear them. */
    @Singleton
    static final class Throwing implements ApplicationEventListener<ScheduledTransition> {
        @Override
        public void onApplicationEvent(ScheduledTransition event) {
            throw new IllegalStateException("this listener always fails");
        }
    }

    /** Refuses any write of a broadcast titled {@code refuse}. */
    @Singleton
    static final class Refusing implements RecordListener {
        @Override
        public boolean appliesTo(ModelDescriptor model) {
            return model.getName().equals("Broadcast");
        }

        @Override
        public void beforeWrite(RecordChange change) {
            Object title = change.getBefore().map(before -> before.get("title")).orElse(null);
            if ("refuse".equals(title)) {
                throw new FxException(409, "REFUSED", "this broadcast may not change");
            }
        }
    }
}
