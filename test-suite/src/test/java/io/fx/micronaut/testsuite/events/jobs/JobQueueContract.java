package io.fx.micronaut.testsuite.events.jobs;

import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.testsuite.support.Databases;
import io.micronaut.context.ApplicationContext;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job queue's behaviour, the same on every store: run, delay, retry with backoff, dead, no handler, cancel,
 * unique key, the concurrency bound, the handler timeout and shutdown. The jobs use no database, so the tests run
 * once, in the H2 execution.
 */
abstract class JobQueueContract {

    /** Short backoffs and a fast poll so the tests take seconds. */
    private static final Object[] FAST = {"spec.name", "JobQueueTest", "fx.jobs.concurrency", "2",
        "fx.jobs.initial-backoff", "50ms", "fx.jobs.max-backoff", "200ms", "fx.jobs.max-attempts", "2",
        "fx.jobs.poll-interval", "100ms", "fx.jobs.command-timeout", "2s", "fx.jobs.lease", "10s",
        "fx.shutdown-timeout", "3s"};

    private final List<ApplicationContext> contexts = new ArrayList<>();

    /** @return the store's settings: {@code fx.jobs.store} and what it needs */
    abstract Map<String, Object> store();

    /** What becomes of a job interrupted by shutdown: lost in memory; run again by another instance on Redis. */
    void afterInterruptedShutdown(String id) throws Exception {
    }

    /** Asserts what the store keeps of a dead job besides its status. */
    void assertDeadRecorded(String id, String error) {
    }

    @BeforeEach
    void onceOnly() {
        Assumptions.assumeFalse(Databases.isPostgres(), "jobs use no database: they run in the H2 execution only");
    }

    @AfterEach
    void closeContexts() {
        contexts.forEach(ApplicationContext::close);
        contexts.clear();
    }

    /** Starts an application with the fast settings, the store's, and {@code extra} pairs. */
    ApplicationContext start(Object... extra) {
        Map<String, Object> config = new LinkedHashMap<>();
        for (int i = 0; i < FAST.length; i += 2) {
            config.put((String) FAST[i], FAST[i + 1]);
        }
        config.putAll(store());
        for (int i = 0; i < extra.length; i += 2) {
            config.put((String) extra[i], extra[i + 1]);
        }
        ApplicationContext context = ApplicationContext.run(config, "test");
        contexts.add(context);
        return context;
    }

    static JsonNode payload(String field, int value) {
        return JsonNode.createObjectNode(Map.of(field, JsonNode.createNumberNode(value)));
    }

    static JobStatus awaitState(JobQueue queue, String id, JobState state) throws InterruptedException {
        waitUntil(() -> queue.status(id).map(s -> s.status() == state).orElse(false),
            () -> "job " + id + " " + state.value() + ", is " + queue.status(id));
        return queue.status(id).orElseThrow();
    }

    static void waitUntil(BooleanSupplier condition, Supplier<String> what)
        throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what.get());
            }
            Thread.sleep(20);
        }
    }

    @Test
    void aJobRunsOnceAndItsStatusSaysSo() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("echo", payload("n", 1));
        JobStatus status = awaitState(queue, id, JobState.SUCCEEDED);
        assertEquals(id, status.id());
        assertEquals("echo", status.type());
        assertEquals(1, status.attempts());
        assertNull(status.lastError());
        assertNotNull(status.startedAt());
        assertNotNull(status.finishedAt());
        assertFalse(status.startedAt().isBefore(status.enqueuedAt().minusMillis(5)), status.toString());
        assertFalse(status.finishedAt().isBefore(status.startedAt()), status.toString());
        assertEquals(1, context.getBean(JobProbe.class).runs(id));
        assertTrue(queue.status("no-such-job").isEmpty());
        assertEquals("A job type must not be blank", assertThrows(IllegalArgumentException.class,
            () -> queue.enqueue(" ", payload("n", 1))).getMessage());
    }

    @Test
    void thePayloadArrivesAsEnqueued() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        fields.put("to", JsonNode.createStringNode("ada@example.com \u00e9\u2713"));
        fields.put("count", JsonNode.createNumberNode(5));
        fields.put("ratio", JsonNode.createNumberNode(0.25));
        fields.put("urgent", JsonNode.createBooleanNode(true));
        fields.put("none", JsonNode.nullNode());
        fields.put("tags", JsonNode.createArrayNode(List.of(JsonNode.createStringNode("a"),
            JsonNode.createObjectNode(Map.of("b", JsonNode.createNumberNode(1))))));
        JsonNode object = JsonNode.createObjectNode(fields);
        JsonNode text = JsonNode.createStringNode("just a string");
        String first = queue.enqueue("echo", object);
        String second = queue.enqueue("echo", text);
        awaitState(queue, first, JobState.SUCCEEDED);
        awaitState(queue, second, JobState.SUCCEEDED);
        JobProbe probe = context.getBean(JobProbe.class);
        assertEquals(object, probe.payloads.get(first));
        assertEquals(text, probe.payloads.get(second), "any JSON value");
    }

    @Test
    void aDelayedJobWaitsItsTime() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("echo", payload("n", 2), JobOptions.defaults().withDelay(Duration.ofMillis(700)));
        assertEquals(JobState.SCHEDULED, queue.status(id).orElseThrow().status());
        Thread.sleep(300);
        assertEquals(0, context.getBean(JobProbe.class).runs(id), "not before its time");
        JobStatus status = awaitState(queue, id, JobState.SUCCEEDED);
        assertTrue(Duration.between(status.enqueuedAt(), status.startedAt()).toMillis() >= 690, status.toString());
    }

    @Test
    void aFailingJobIsRetriedWithBackoffUntilItSucceeds() throws Exception {
        ApplicationContext context = start("fx.jobs.max-attempts", "5");
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("flaky", payload("fail_times", 2));
        JobStatus status = awaitState(queue, id, JobState.SUCCEEDED);
        assertEquals(3, status.attempts());
        assertEquals("flaky failure 2", status.lastError(), "the last failure's message");
        List<Long> started = context.getBean(JobProbe.class).started.get(id);
        assertEquals(3, started.size());
        assertTrue(started.get(1) - started.get(0) >= 45, "first retry after ~50 ms: " + started);
        assertTrue(started.get(2) - started.get(1) >= 95, "second retry after ~100 ms (doubled): " + started);
    }

    @Test
    void aJobOutOfAttemptsIsDead() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        String byOption = queue.enqueue("flaky", payload("fail_times", 10), JobOptions.defaults().withMaxAttempts(3));
        String byDefault = queue.enqueue("flaky", payload("fail_times", 10));
        JobStatus dead = awaitState(queue, byOption, JobState.DEAD);
        assertEquals(3, dead.attempts());
        assertEquals("flaky failure 3", dead.lastError());
        assertNotNull(dead.finishedAt());
        assertEquals(2, awaitState(queue, byDefault, JobState.DEAD).attempts(), "fx.jobs.max-attempts");
        Thread.sleep(300);
        assertEquals(3, context.getBean(JobProbe.class).runs(byOption), "never run again");
        assertDeadRecorded(byOption, "flaky failure 3");
    }

    @Test
    void aJobNobodyHandlesIsRequeuedThenDead() throws Exception {
        ApplicationContext context = start("fx.jobs.initial-backoff", "5ms", "fx.jobs.max-backoff", "20ms");
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("nobody", payload("n", 3));
        JobStatus dead = awaitState(queue, id, JobState.DEAD);
        assertEquals(0, dead.attempts(), "never attempted");
        assertEquals("no handler for job type 'nobody'", dead.lastError());
        assertDeadRecorded(id, "no handler for job type 'nobody'");
    }

    @Test
    void aCancelledJobNeverRuns() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("echo", payload("n", 4), JobOptions.defaults().withDelay(Duration.ofSeconds(1)));
        assertTrue(queue.cancel(id));
        JobStatus cancelled = queue.status(id).orElseThrow();
        assertEquals(JobState.CANCELLED, cancelled.status());
        assertNotNull(cancelled.finishedAt());
        assertFalse(queue.cancel(id), "once");
        assertFalse(queue.cancel("no-such-job"));
        Thread.sleep(1_300);
        assertEquals(0, context.getBean(JobProbe.class).runs(id));
        assertEquals(JobState.CANCELLED, queue.status(id).orElseThrow().status());
        String done = queue.enqueue("echo", payload("n", 5));
        awaitState(queue, done, JobState.SUCCEEDED);
        assertFalse(queue.cancel(done), "a finished job is not cancelled");
    }

    @Test
    void aFailedJobWaitsForItsRetryAndMayBeCancelled() throws Exception {
        ApplicationContext context = start("fx.jobs.initial-backoff", "1s", "fx.jobs.max-backoff", "1s",
            "fx.jobs.max-attempts", "5");
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("flaky", payload("fail_times", 5));
        JobStatus failed = awaitState(queue, id, JobState.FAILED);
        assertEquals(1, failed.attempts());
        assertEquals("flaky failure 1", failed.lastError());
        assertNull(failed.finishedAt(), "not finished: retried after backoff");
        assertTrue(queue.cancel(id));
        Thread.sleep(1_300);
        assertEquals(1, context.getBean(JobProbe.class).runs(id), "the retry never came");
        assertEquals(JobState.CANCELLED, queue.status(id).orElseThrow().status());
    }

    @Test
    void aUniqueKeyHoldsOneUnfinishedJob() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        JobOptions options = JobOptions.defaults().withUniqueKey("digest-2026-11-29").withDelay(Duration.ofSeconds(1));
        String first = queue.enqueue("echo", payload("n", 6), options);
        assertEquals(first, queue.enqueue("echo", payload("n", 7), options), "the unfinished job's id");
        assertEquals(first, queue.enqueue("echo", payload("n", 7), JobOptions.defaults()
            .withUniqueKey("digest-2026-11-29")));
        awaitState(queue, first, JobState.SUCCEEDED);
        String second = queue.enqueue("echo", payload("n", 8), options);
        assertNotEquals(first, second, "the first finished: a new job");
        awaitState(queue, second, JobState.SUCCEEDED);
        assertEquals(1, context.getBean(JobProbe.class).runs(first));
        String cancelled = queue.enqueue("echo", payload("n", 9), options);
        assertTrue(queue.cancel(cancelled));
        assertNotEquals(cancelled, queue.enqueue("echo", payload("n", 10), options), "a cancelled job frees its key");
    }

    @Test
    void noMoreJobsRunAtOnceThanTheConcurrency() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ids.add(queue.enqueue("slow", payload("millis", 150)));
        }
        for (String id : ids) {
            awaitState(queue, id, JobState.SUCCEEDED);
        }
        assertEquals(2, context.getBean(JobProbe.class).mostAtOnce.get(), "fx.jobs.concurrency 2");
    }

    @Test
    void aHandlerPastItsTimeoutFailsItsAttempt() throws Exception {
        ApplicationContext context = start("fx.jobs.timeout", "200ms");
        JobQueue queue = context.getBean(JobQueue.class);
        String id = queue.enqueue("slow", payload("millis", 5000), JobOptions.defaults().withMaxAttempts(1));
        JobStatus dead = awaitState(queue, id, JobState.DEAD);
        assertEquals("timed out after PT0.2S", dead.lastError());
        assertFalse(context.getBean(JobProbe.class).completed.containsKey(id), "interrupted");
    }

    @Test
    void shutdownLetsRunningJobsFinish() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        JobProbe probe = context.getBean(JobProbe.class);
        String id = queue.enqueue("slow", payload("millis", 500));
        waitUntil(() -> probe.runs(id) == 1, () -> "job " + id + " running");
        JobStatus running = queue.status(id).orElseThrow();
        assertEquals(JobState.RUNNING, running.status());
        assertEquals(1, running.attempts());
        assertNotNull(running.startedAt());
        assertNull(running.finishedAt());
        assertFalse(queue.cancel(id), "a running job is not cancelled");
        long began = System.currentTimeMillis();
        context.close();
        long took = System.currentTimeMillis() - began;
        assertTrue(probe.completed.containsKey(id), "the running job finished before the context closed");
        assertTrue(took < 3_000, "within fx.shutdown-timeout: " + took + " ms");
    }

    @Test
    void shutdownInterruptsJobsStillRunningAfterTheShutdownTimeout() throws Exception {
        ApplicationContext context = start("fx.shutdown-timeout", "300ms");
        JobQueue queue = context.getBean(JobQueue.class);
        JobProbe probe = context.getBean(JobProbe.class);
        String id = queue.enqueue("block", payload("n", 1));
        waitUntil(() -> probe.runs(id) == 1, () -> "job " + id + " running");
        long began = System.currentTimeMillis();
        context.close();
        long took = System.currentTimeMillis() - began;
        assertTrue(took < 2_500, "never hangs: " + took + " ms");
        assertFalse(probe.completed.containsKey(id), "interrupted");
        afterInterruptedShutdown(id);
    }
}
