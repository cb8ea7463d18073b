package io.fx.micronaut.testsuite.lifecycle;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client that disconnects mid-request: logged as 499 and its write rolled back. */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = "DisconnectTest")
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:DisconnectTest;DB_CLOSE_DELAY=-1")
class DisconnectTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    SlowMiddleware slow;
    @Inject
    FxLifecycle lifecycle;

    @Test
    void aDisconnectedClientsWriteIsRolledBackAndLoggedAs499() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger("io.fx.micronaut.pipeline.internal.PipelineExecutor");
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        try {
            String body = "{\"name\":\"gone-away\"}";
            try (Socket socket = new Socket("127.0.0.1", server.getPort())) {
                socket.setSoTimeout(5000);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /api/widgets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "X-Slow-Millis: 1000\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes(StandardCharsets.UTF_8));
                out.flush();
                assertTrue(slow.entered.await(10, TimeUnit.SECONDS), "the request reached the pipeline");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (lifecycle.getInFlight() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(0, lifecycle.getInFlight());
            Api.Reply list = new Api(server, json).get("/api/widgets?filter=" + Api.q("name:eq:gone-away"));
            assertEquals(0, ((Number) list.meta().get("total")).intValue(), "the write was rolled back");
            String log = appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList().toString();
            assertTrue(log.contains("499 client closed the connection during Widget CREATE"), log);
        } finally {
            logger.detachAppender(appender);
        }
    }
}
