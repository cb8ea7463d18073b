package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.concurrent.atomic.LongAdder;

/**
 * One record listener on posts that counts the writes it sees, for measuring what a listener costs
 * (run.sh --variant listened="-Dbench.listener=true"): every post write then reads its pre-image under lock and
 * runs in a transaction, as history or events need.
 */
@Singleton
@Requires(property = "bench.listener", value = "true")
public class BenchmarkListener implements RecordListener {

    private final LongAdder seen = new LongAdder();

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.getName().equals("Post");
    }

    @Override
    public void afterWrite(RecordChange change) {
        if (change.getBefore().isPresent() || change.getAfter().isPresent()) {
            seen.increment();
        }
    }
}
