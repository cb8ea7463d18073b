package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An SMTP server that accepts the connection and never answers: the module's default Jakarta Mail timeouts (5 s)
 * end the attempt, which is retried, instead of holding a thread forever.
 */
@TestDatabase
class EmailTimeoutTest {

    @Test
    void aServerThatNeverAnswersTimesOutAndIsRetried() throws Exception {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             LogCapture log = new LogCapture("io.fx.micronaut.events.email.EmailPublisher")) {
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        accepted.add(silent.accept());
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            }, "silent-smtp");
            acceptor.setDaemon(true);
            acceptor.start();
            try (ApplicationContext context = ApplicationContext.run(Databases.config("EmailTimeoutTest",
                "fx.events.poll-interval", "100ms", "micronaut.email.from.email", "fx@example.com",
                "javamail.properties.mail.smtp.host", "127.0.0.1",
                "javamail.properties.mail.smtp.port", Integer.toString(silent.getLocalPort()),
                "fx.events.email.silent.patterns", "mail.silent", "fx.events.email.silent.to", "ops@example.com",
                "fx.events.email.silent.subject", "s", "fx.events.email.silent.body", "b",
                "fx.events.email.silent.retry-schedule", "100ms,100ms"), "test")) {
                long started = System.nanoTime();
                String id = context.getBean(EventBus.class).publish("mail.silent", "mails/1", Map.of("n", 1)).getId();
                EventRetryTest.waitUntil(() -> log.text().contains("E-mail silent: event " + id
                    + " attempt failed, to be retried: connection error: SocketTimeoutException"), "a read timeout");
                long seconds = (System.nanoTime() - started) / 1_000_000_000L;
                assertTrue(seconds >= 4 && seconds < 9, "about the 5 s default: " + seconds);
                assertTrue(context.getBean(EventOutbox.class).pending("email.silent") == 1, "still to be delivered");
            }
        } finally {
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }
}
