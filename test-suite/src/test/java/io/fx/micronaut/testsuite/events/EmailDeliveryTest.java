package io.fx.micronaut.testsuite.events;

import com.icegreen.greenmail.user.MessageDeliveryHandler;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.events.EventOutbox;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.mail.Message;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * E-mail destinations against GreenMail, a real SMTP server on an ephemeral loopback port: the mail's fields and
 * placeholders, {@code to-field}, redacted fields never rendered, header injection through a title or an address,
 * a 4xx answer, an outage and a server that never answers retried, a 5xx answer failed for good.
 */
@TestDatabase
class EmailDeliveryTest {

    private static final String LOGGER = "io.fx.micronaut.events.email.EmailPublisher";

    private static int port;
    private static GreenMail mail;
    private static EmbeddedServer server;
    private static ApplicationContext context;
    private static LogCapture log;
    private static EventBus bus;
    private static EventOutbox outbox;
    private static Api api;

    @BeforeAll
    static void start() {
        port = Ports.free();
        mail = smtp(port);
        log = new LogCapture(LOGGER);
        List<Object> config = new ArrayList<>(List.of("fx.events.emit-models", "Parcel",
            "fx.events.poll-interval", "100ms",
            "micronaut.email.from.email", "fx@example.com",
            "javamail.properties.mail.smtp.host", "127.0.0.1",
            "javamail.properties.mail.smtp.port", Integer.toString(port)));
        entry(config, "created", "parcel.created", "to", List.of("ops@example.com", "Second Desk <desk@example.com>"),
            "subject", "New {type}: {data.label}",
            "body", "Parcel {data.label} ({subject}) weighs {data.weight} kg; pin [{data.pin}]; "
                + "secret [{data.secret}]; {{braces}}");
        entry(config, "owner", "parcel.updated", "to-field", "label", "subject", "Parcel {data.weight} kg",
            "body", "Your parcel {subject} was updated.", "from", "parcels@example.com");
        entry(config, "flaky", "mail.flaky", "to", List.of("flaky@example.com"), "subject", "flaky {data.n}",
            "body", "n={data.n}", "retry-schedule", "100ms,100ms,100ms,100ms");
        entry(config, "outage", "mail.outage", "to", List.of("outage@example.com"), "subject", "outage {data.n}",
            "body", "n={data.n}", "retry-schedule", "200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms,200ms");
        entry(config, "silent", "mail.silent", "to", List.of("silent@example.com"), "subject", "silent {data.n}",
            "body", "n={data.n}", "retry-schedule", "100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms");
        entry(config, "bounce", "mail.bounce", "to-field", "to", "subject", "bounce", "body", "b",
            "retry-schedule", "100ms,100ms");
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config("EmailDeliveryTest", config.toArray()),
            "test");
        context = server.getApplicationContext();
        bus = context.getBean(EventBus.class);
        outbox = context.getBean(EventOutbox.class);
        api = new Api(server);
    }

    private static GreenMail smtp(int port) {
        ServerSetup setup = new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP);
        setup.setServerStartupTimeout(15_000);
        GreenMail smtp = new GreenMail(setup);
        smtp.start();
        return smtp;
    }

    private static void entry(List<Object> config, String name, String pattern, Object... pairs) {
        String prefix = "fx.events.email." + name + ".";
        config.addAll(List.of(prefix + "patterns", pattern));
        for (int i = 0; i < pairs.length; i += 2) {
            config.addAll(List.of(prefix + pairs[i], pairs[i + 1]));
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (mail != null) {
            mail.stop();
        }
        if (log != null) {
            log.close();
        }
    }

    @Test
    void aWriteIsMailedWithItsTemplatesRenderedOverTheRedactedData() throws Exception {
        String id = api.create("/api/parcels", Map.of("label", "mailed-31", "weight", 3, "pin", "pin-31337",
            "secret", "s3cret-value"));
        MimeMessage message = awaitMail("New parcel.created: mailed-31");
        assertEquals("fx@example.com", ((InternetAddress) message.getFrom()[0]).getAddress(),
            "micronaut.email.from.email by default");
        assertEquals(List.of("ops@example.com", "desk@example.com"), addresses(message, Message.RecipientType.TO));
        assertEquals("Second Desk", ((InternetAddress) message.getRecipients(Message.RecipientType.TO)[1]).getPersonal(),
            "a display name is kept");
        String body = text(message);
        assertEquals("Parcel mailed-31 (parcels/" + id + ") weighs 3 kg; pin []; secret []; {braces}", body);
        String raw = GreenMailUtil.getWholeMessage(message);
        assertFalse(raw.contains("pin-31337") || raw.contains("s3cret-value"), "redacted and write-only: " + raw);
        EventRetryTest.waitUntil(() -> outbox.pending("email.created") == 0, "delivered");
        assertEquals(0, outbox.failed("email.created"));
    }

    @Test
    void toFieldMailsTheAddressTheRecordHolds() throws Exception {
        String id = api.create("/api/parcels", Map.of("label", "owner-first"));
        assertEquals(200, api.patch("/api/parcels/" + id, Map.of("label", "Ada <ada@example.com>", "weight", 7))
            .status());
        MimeMessage message = awaitMail("Parcel 7 kg");
        assertEquals(List.of("ada@example.com"), addresses(message, Message.RecipientType.TO));
        assertEquals("Ada", ((InternetAddress) message.getRecipients(Message.RecipientType.TO)[0]).getPersonal());
        assertEquals("parcels@example.com", ((InternetAddress) message.getFrom()[0]).getAddress(), "the entry's from");
        assertEquals("Your parcel parcels/" + id + " was updated.", text(message));
    }

    @Test
    void lineBreaksInATitleCannotAddAHeader() throws Exception {
        api.create("/api/parcels", Map.of("label", "Hello\r\nBcc: evil@example.com\r\nX-Injected: yes"));
        MimeMessage message = awaitMail("New parcel.created: Hello");
        assertEquals("New parcel.created: HelloBcc: evil@example.comX-Injected: yes", message.getSubject(),
            "CR and LF removed: one subject line");
        assertEquals(null, message.getHeader("X-Injected"), "no header of its own");
        assertEquals(List.of("ops@example.com", "desk@example.com"), addresses(message, Message.RecipientType.TO));
        Thread.sleep(300);
        assertEquals(0, mail.getReceivedMessagesForDomain("evil@example.com").length, "no Bcc recipient");
    }

    @Test
    void lineBreaksOrACommaInAnAddressFieldFailTheMail() throws Exception {
        String first = api.create("/api/parcels", Map.of("label", "injected-owner"));
        api.patch("/api/parcels/" + first, Map.of("label", "ada@example.com\r\nBcc: evil@example.com", "weight", 11));
        String second = api.create("/api/parcels", Map.of("label", "listed-owner"));
        api.patch("/api/parcels/" + second, Map.of("label", "ada@example.com, evil@example.com", "weight", 12));
        EventRetryTest.waitUntil(() -> outbox.failed("email.owner") >= 2, "both failed for good");
        assertTrue(log.text().contains("failed for good: no recipient: data.label is not exactly one address"),
            log.text());
        assertEquals(0, mail.getReceivedMessagesForDomain("evil@example.com").length, "nothing to evil@");
        assertFalse(subjects().contains("Parcel 11 kg") || subjects().contains("Parcel 12 kg"), "neither mailed");
    }

    @Test
    void aTransientRefusalIsRetriedUntilTheServerAccepts() throws Exception {
        MessageDeliveryHandler accept = mail.getUserManager().getMessageDeliveryHandler();
        AtomicInteger refusals = new AtomicInteger(2);
        mail.getUserManager().setMessageDeliveryHandler((message, address) -> {
            if (refusals.getAndDecrement() > 0) {
                throw new IllegalStateException("mailbox busy");
            }
            return accept.handle(message, address);
        });
        try {
            String id = bus.publish("mail.flaky", "mails/1", Map.of("n", 41)).getId();
            awaitMail("flaky 41");
            EventRetryTest.waitUntil(() -> outbox.pending("email.flaky") == 0, "delivered at the third attempt");
            assertEquals(0, outbox.failed("email.flaky"));
            assertEquals(2, count(log.text(), "E-mail flaky: event " + id + " attempt failed, to be retried: SMTP 451"),
                log.text());
            assertEquals(1, subjects().stream().filter("flaky 41"::equals).count(), "sent once");
        } finally {
            mail.getUserManager().setMessageDeliveryHandler(accept);
        }
    }

    @Test
    void aServerOutageIsRetriedUntilItIsBack() throws Exception {
        mail.stop();
        String id = bus.publish("mail.outage", "mails/2", Map.of("n", 42)).getId();
        EventRetryTest.waitUntil(() -> log.text().contains("E-mail outage: event " + id
            + " attempt failed, to be retried: connection error"), "a refused connection, retried");
        assertEquals(1, outbox.pending("email.outage"), "waiting in the outbox");
        mail = smtp(port);
        awaitMail("outage 42");
        EventRetryTest.waitUntil(() -> outbox.pending("email.outage") == 0, "delivered once the server is back");
        assertEquals(0, outbox.failed("email.outage"));
    }

    /**
     * A server that accepts the connection and never answers: the module's default Jakarta Mail timeouts (5 s) end
     * the attempt, which is retried, instead of holding a thread forever. (Micronaut Email's JavaMail session is the
     * JVM's default session, made once with the first application's properties, so this runs on GreenMail's port.)
     */
    @Test
    void aServerThatNeverAnswersTimesOutAndIsRetried() throws Exception {
        mail.stop();
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        long started;
        String id;
        try (ServerSocket silent = new ServerSocket()) {
            silent.setReuseAddress(true);
            silent.bind(new InetSocketAddress("127.0.0.1", port));
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        // reset on close, leaving no TIME_WAIT on the port GreenMail binds again
                        accepted.add(silent.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "silent-smtp");
            acceptor.setDaemon(true);
            acceptor.start();
            started = System.nanoTime();
            id = bus.publish("mail.silent", "mails/4", Map.of("n", 44)).getId();
            String expected = "E-mail silent: event " + id + " attempt failed, to be retried: connection error: "
                + "SocketTimeoutException";
            EventRetryTest.waitUntil(() -> log.text().contains(expected), "a read timeout");
        } finally {
            for (Socket socket : accepted) {
                socket.setSoLinger(true, 0);
                socket.close();
            }
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        assertTrue(seconds >= 4, "the 5 s default, not a shorter one: " + seconds);
        mail = smtp(port);
        awaitMail("silent 44");
        EventRetryTest.waitUntil(() -> outbox.pending("email.silent") == 0, "delivered once a server answers");
    }

    @Test
    void aPermanentRefusalFailsAtOnce() throws Exception {
        String tooLong = "x".repeat(5_000) + "@example.com";
        String id = bus.publish("mail.bounce", "mails/3", Map.of("to", tooLong)).getId();
        EventRetryTest.waitUntil(() -> outbox.failed("email.bounce") == 1, "failed without a retry");
        assertTrue(log.text().contains("E-mail bounce: event " + id + " failed for good: SMTP 5"), log.text());
        assertEquals(0, count(log.text(), "E-mail bounce: event " + id + " attempt failed"), "not retried");
    }

    private static MimeMessage awaitMail(String subjectStart) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            for (MimeMessage message : mail.getReceivedMessages()) {
                if (message.getSubject() != null && message.getSubject().startsWith(subjectStart)) {
                    return message;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no mail with a subject starting '" + subjectStart + "' in " + subjects()
            + "\n" + log.text());
    }

    /** @return the text of a mail, a single part or the first part of a multipart one */
    private static String text(MimeMessage message) throws Exception {
        Object content = message.getContent();
        if (content instanceof jakarta.mail.Multipart multipart) {
            content = multipart.getBodyPart(0).getContent();
        }
        return content.toString().strip();
    }

    private static List<String> subjects() throws Exception {
        List<String> subjects = new ArrayList<>();
        for (MimeMessage message : mail.getReceivedMessages()) {
            subjects.add(message.getSubject());
        }
        return subjects;
    }

    private static List<String> addresses(MimeMessage message, Message.RecipientType type) throws Exception {
        return Arrays.stream(message.getRecipients(type)).map(a -> ((InternetAddress) a).getAddress()).toList();
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
