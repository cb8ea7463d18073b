package io.fx.micronaut.testsuite.events.jobs;

import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.PrivateRedis;
import io.lettuce.core.Consumer;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job queue on Redis: the contract on the machine's Redis under a prefix of the test's own, then what only a
 * shared store does: dead entries in {@code <prefix>:dead}, undecodable entries, two instances sharing one queue,
 * re-claiming after the lease, and a private {@code redis-server} stopped mid-job.
 */
class RedisJobQueueTest extends JobQueueContract {

    private static final String MACHINE_REDIS = "redis://127.0.0.1:6379";

    private final String prefix = "fx-test-jobs-" + UUID.randomUUID();
    private RedisClient client;
    private StatefulRedisConnection<String, String> connection;

    @Override
    Map<String, Object> store() {
        return Map.of("fx.jobs.store", "redis", "fx.jobs.prefix", prefix, "redis.uri", MACHINE_REDIS);
    }

    @BeforeEach
    void connect() {
        client = RedisClient.create(RedisURI.builder(RedisURI.create(MACHINE_REDIS))
            .withTimeout(Duration.ofSeconds(5)).build());
        connection = client.connect();
    }

    @AfterEach
    void dropKeys() {
        closeContexts();
        if (connection == null) {
            return;
        }
        RedisCommands<String, String> redis = connection.sync();
        ScanIterator<String> keys = ScanIterator.scan(redis, ScanArgs.Builder.matches(prefix + ":*").limit(500));
        List<String> found = new ArrayList<>();
        keys.forEachRemaining(found::add);
        if (!found.isEmpty()) {
            redis.del(found.toArray(String[]::new));
        }
        connection.close();
        client.shutdown();
    }

    @Override
    void afterInterruptedShutdown(String id) throws Exception {
        ApplicationContext next = start("fx.jobs.lease", "1s");
        JobProbe probe = next.getBean(JobProbe.class);
        probe.release.countDown();
        awaitState(next.getBean(JobQueue.class), id, JobState.SUCCEEDED);
        assertEquals(1, probe.runs(id), "the next instance ran it");
    }

    @Override
    void assertDeadRecorded(String id, String error) {
        List<StreamMessage<String, String>> dead = connection.sync().xrange(prefix + ":dead", Range.create("-", "+"));
        assertTrue(dead.stream().anyMatch(entry -> id.equals(entry.getBody().get("id"))
            && error.equals(entry.getBody().get("error"))), "in " + prefix + ":dead: " + dead);
    }

    @Test
    void anUndecodableEntryIsDead() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        RedisCommands<String, String> redis = connection.sync();
        String corrupt = queue.enqueue("echo", payload("n", 1),
            JobOptions.defaults().withDelay(Duration.ofSeconds(1)));
        redis.hset(prefix + ":job:" + corrupt, "payload", "{not json");
        redis.xadd(prefix + ":stream", Map.of("garbage", "1"));
        redis.xadd(prefix + ":stream", Map.of("id", "never-enqueued"));
        JobStatus dead = awaitState(queue, corrupt, JobState.DEAD);
        assertTrue(dead.lastError().startsWith("undecodable payload"), dead.toString());
        assertEquals(0, context.getBean(JobProbe.class).runs(corrupt));
        waitUntil(() -> redis.xlen(prefix + ":dead") == 3, () -> "three dead entries: "
            + redis.xrange(prefix + ":dead", Range.create("-", "+")));
        List<StreamMessage<String, String>> entries = redis.xrange(prefix + ":dead", Range.create("-", "+"));
        assertTrue(entries.stream().anyMatch(e -> "undecodable entry: no job id".equals(e.getBody().get("error"))
            && e.getBody().get("entry").contains("garbage")), entries.toString());
        assertTrue(entries.stream().anyMatch(e -> "undecodable entry: no job never-enqueued"
            .equals(e.getBody().get("error"))), entries.toString());
        waitUntil(() -> redis.xpending(prefix + ":stream", "fx-jobs").getCount() == 0, () -> "all acknowledged");
    }

    @Test
    void aNamedRedisServerIsUsedWhenFxJobsServerNamesIt() throws Exception {
        ApplicationContext context = start("redis.uri", "redis://127.0.0.1:" + Ports.free(),
            "redis.servers.jobs.uri", MACHINE_REDIS, "fx.jobs.server", "jobs");
        JobQueue queue = context.getBean(JobQueue.class);
        awaitState(queue, queue.enqueue("echo", payload("n", 1)), JobState.SUCCEEDED);
    }

    @Test
    void aStreamThatVanishedIsMadeAgain() throws Exception {
        ApplicationContext context = start();
        JobQueue queue = context.getBean(JobQueue.class);
        awaitState(queue, queue.enqueue("echo", payload("n", 1)), JobState.SUCCEEDED);
        connection.sync().del(prefix + ":stream");
        String after = queue.enqueue("echo", payload("n", 2));
        awaitState(queue, after, JobState.SUCCEEDED);
        assertEquals(1, context.getBean(JobProbe.class).runs(after));
    }

    @Test
    void twoInstancesShareTheQueueAndRunEachJobOnce() throws Exception {
        ApplicationContext first = start("fx.jobs.consumer", "worker-a");
        ApplicationContext second = start("fx.jobs.consumer", "worker-b");
        JobQueue queue = first.getBean(JobQueue.class);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ids.add(queue.enqueue("slow", payload("millis", 30)));
        }
        JobQueue other = second.getBean(JobQueue.class);
        for (String id : ids) {
            awaitState(other, id, JobState.SUCCEEDED);
        }
        JobProbe a = first.getBean(JobProbe.class);
        JobProbe b = second.getBean(JobProbe.class);
        for (String id : ids) {
            assertEquals(1, a.runs(id) + b.runs(id), "job " + id + " ran once in all");
        }
        assertEquals(30, a.runs.size() + b.runs.size());
        String consumers = connection.sync().xinfoConsumers(prefix + ":stream", "fx-jobs").toString();
        assertTrue(consumers.contains("worker-a") && consumers.contains("worker-b"), consumers);
        first.close();
        second.close();
        assertEquals(List.of(), connection.sync().xinfoConsumers(prefix + ":stream", "fx-jobs"),
            "an instance that holds no entry leaves the group when it stops");
    }

    @Test
    void anEntryTakenByAConsumerThatDiedIsReclaimedAfterTheLease() throws Exception {
        ApplicationContext enqueuer = start("spec.name", "JobQueueEnqueuer");
        String id = enqueuer.getBean(JobQueue.class).enqueue("echo", payload("n", 1));
        RedisCommands<String, String> redis = connection.sync();
        redis.xgroupCreate(XReadArgs.StreamOffset.from(prefix + ":stream", "0"), "fx-jobs");
        List<StreamMessage<String, String>> taken = redis.xreadgroup(Consumer.from("fx-jobs", "gone"),
            XReadArgs.Builder.count(10), XReadArgs.StreamOffset.lastConsumed(prefix + ":stream"));
        assertEquals(1, taken.size(), "the consumer that then dies took it");
        long tookAt = System.currentTimeMillis();
        ApplicationContext worker = start("fx.jobs.lease", "1s");
        JobStatus done = awaitState(worker.getBean(JobQueue.class), id, JobState.SUCCEEDED);
        assertTrue(done.startedAt().toEpochMilli() - tookAt >= 950, "only after the lease: " + done);
        assertEquals(1, worker.getBean(JobProbe.class).runs(id));
    }

    private static boolean reachable(JobQueue queue, String id) {
        try {
            return queue.status(id).isPresent();
        } catch (JobQueueException e) {
            return false;
        }
    }

    @Test
    void theApplicationStartsWithoutRedisAndEnqueueFailsClearly() {
        int nothing = Ports.free();
        ApplicationContext context = start("redis.uri", "redis://127.0.0.1:" + nothing, "fx.jobs.command-timeout",
            "1s");
        long began = System.currentTimeMillis();
        JobQueueException refused = assertThrows(JobQueueException.class,
            () -> context.getBean(JobQueue.class).enqueue("echo", payload("n", 1)));
        assertTrue(System.currentTimeMillis() - began < 3_000, "within the command timeout");
        assertTrue(refused.getMessage().startsWith("The job queue's Redis is unreachable: "), refused.getMessage());
    }

    @Test
    void aRedisThatDoesNotAnswerFailsEnqueueWithinTheCommandTimeout() throws Exception {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is on the machine");
        try (PrivateRedis server = PrivateRedis.start();
             RedisClient admin = RedisClient.create(server.uri());
             StatefulRedisConnection<String, String> debug = admin.connect()) {
            ApplicationContext context = start("redis.uri", server.uri(), "fx.jobs.command-timeout", "500ms");
            JobQueue queue = context.getBean(JobQueue.class);
            awaitState(queue, queue.enqueue("echo", payload("n", 1)), JobState.SUCCEEDED);
            debug.async().dispatch(CommandType.DEBUG, new StatusOutput<String, String>(StringCodec.UTF8),
                new CommandArgs<String, String>(StringCodec.UTF8).add("SLEEP").add(3));
            Thread.sleep(100);
            long began = System.currentTimeMillis();
            JobQueueException refused = assertThrows(JobQueueException.class,
                () -> queue.enqueue("echo", payload("n", 2)));
            long took = System.currentTimeMillis() - began;
            assertTrue(took >= 400 && took < 2_000, "after fx.jobs.command-timeout: " + took + " ms");
            assertTrue(refused.getMessage().contains("timed out"), refused.getMessage());
        }
    }

    @Test
    void aRedisStoppedMidJobLosesNothing() throws Exception {
        Assumptions.assumeTrue(PrivateRedis.installed(), "redis-server is on the machine");
        try (PrivateRedis server = PrivateRedis.startPersistent()) {
            ApplicationContext context = start("redis.uri", server.uri(), "fx.jobs.lease", "3s",
                "fx.jobs.command-timeout", "1s");
            JobQueue queue = context.getBean(JobQueue.class);
            JobProbe probe = context.getBean(JobProbe.class);
            String id = queue.enqueue("block", payload("n", 1));
            waitUntil(() -> probe.runs(id) == 1, () -> "job " + id + " running");
            server.stop();
            probe.release.countDown();
            waitUntil(() -> probe.completed.containsKey(id), () -> "the handler returned while Redis is down");

            long began = System.currentTimeMillis();
            JobQueueException refused = assertThrows(JobQueueException.class,
                () -> queue.enqueue("echo", payload("n", 2)));
            assertTrue(System.currentTimeMillis() - began < 3_000, "fails fast, never hangs");
            assertTrue(refused.getMessage().startsWith("Could not enqueue a job: the job queue's Redis failed: "),
                refused.getMessage());
            assertEquals(JobQueueException.CODE, refused.getCode());
            assertThrows(JobQueueException.class, () -> queue.status(id));

            server.startAgain();
            waitUntil(() -> reachable(queue, id), () -> "the queue reconnected");
            JobStatus done = awaitState(queue, id, JobState.SUCCEEDED);
            assertEquals(2, done.attempts(), "re-claimed after the lease and run again: at least once");
            assertEquals(2, probe.runs(id));
        }
    }
}
