package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;

/**
 * The {@code flaky} job: fails its first {@code payload.fail_times} attempts (none when absent), then succeeds, to
 * show retries with backoff and, with more failures than attempts, a dead job.
 *
 * @since 0.8.0
 */
@Singleton
public class FlakyJob implements JobHandler {

    /** The job type. */
    public static final String TYPE = "flaky";
    /** The payload field that says how many attempts fail. */
    public static final String FAIL_TIMES = "fail_times";

    @Override
    @NonNull
    public String type() {
        return TYPE;
    }

    @Override
    public void handle(@NonNull Job job) {
        int failTimes = failTimes(job.payload());
        if (job.attempt() <= failTimes) {
            throw new IllegalStateException("flaky: attempt " + job.attempt() + " of the " + failTimes + " that fail");
        }
    }

    /**
     * @param payload a flaky job's payload
     * @return its {@code fail_times}, 0 when absent, -1 when it is not a non-negative integer
     */
    static int failTimes(@NonNull JsonNode payload) {
        JsonNode value = payload.isObject() ? payload.get(FAIL_TIMES) : null;
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isNumber()) {
            return -1;
        }
        double number = value.getNumberValue().doubleValue();
        return number == Math.rint(number) && number >= 0 && number <= 1000 ? (int) number : -1;
    }
}
