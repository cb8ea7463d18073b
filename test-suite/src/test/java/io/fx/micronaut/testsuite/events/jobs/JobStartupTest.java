package io.fx.micronaut.testsuite.events.jobs;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A misconfigured job queue, or two handlers of one type, fail startup naming what to fix. */
class JobStartupTest {

    @BeforeEach
    void onceOnly() {
        Assumptions.assumeFalse(Databases.isPostgres(), "jobs use no database: they run in the H2 execution only");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
        fx.jobs.concurrency     | 0     | fx.jobs.concurrency must be positive, not 0
        fx.jobs.max-attempts    | -1    | fx.jobs.max-attempts must be positive, not -1
        fx.jobs.initial-backoff | 0s    | fx.jobs.initial-backoff must be positive, not PT0S
        fx.jobs.max-backoff     | -1s   | fx.jobs.max-backoff must be positive, not PT-1S
        fx.jobs.lease           | 0s    | fx.jobs.lease must be positive, not PT0S
        fx.jobs.status-ttl      | 0s    | fx.jobs.status-ttl must be positive, not PT0S
        fx.jobs.poll-interval   | 0ms   | fx.jobs.poll-interval must be positive, not PT0S
        fx.jobs.command-timeout | 0s    | fx.jobs.command-timeout must be positive, not PT0S
        fx.jobs.timeout         | 6m    | fx.jobs.timeout (PT6M) must not exceed fx.jobs.lease (PT5M)
        fx.jobs.store           | disk  | fx.jobs.store must be memory or redis, not 'disk'
        fx.jobs.store           | redis | fx.jobs.store is redis, but no Redis is configured: set redis.uri
        """)
    void aBadSettingRefusesToStart(String key, String value, String message) {
        Failures.assertStartupFailure(message, "JobStartup", key, value);
    }

    @Test
    void anUnknownRedisServerRefusesToStart() {
        Failures.assertStartupFailure("fx.jobs.server names 'jobs', but redis.servers.jobs is not configured",
            "JobStartup", "fx.jobs.store", "redis", "fx.jobs.server", "jobs", "redis.uri", "redis://127.0.0.1:6379");
    }

    @Test
    void theQueueCanBeTurnedOff() {
        try (ApplicationContext context = ApplicationContext.run(Map.of("fx.jobs.enabled", "false",
            "fx.jobs.concurrency", "0"), "test")) {
            assertFalse(context.containsBean(JobQueue.class));
        }
    }

    @Test
    void twoHandlersOfOneTypeRefuseToStart() {
        Failures.assertStartupFailure("Two job handlers run the type 'twice': ", "JobDuplicates");
        String message = Failures.startupFailure("JobDuplicates");
        assertTrue(message.contains(First.class.getName())
            && message.contains(Second.class.getName()), message);
    }

    /** One handler of {@code twice}. */
    @Singleton
    @Requires(property = "spec.name", value = "JobDuplicates")
    static final class First implements JobHandler {
        @Override
        public String type() {
            return "twice";
        }

        @Override
        public void handle(Job job) {
        }
    }

    /** Another. */
    @Singleton
    @Requires(property = "spec.name", value = "JobDuplicates")
    static final class Second implements JobHandler {
        @Override
        public String type() {
            return "twice";
        }

        @Override
        public void handle(Job job) {
        }
    }
}
