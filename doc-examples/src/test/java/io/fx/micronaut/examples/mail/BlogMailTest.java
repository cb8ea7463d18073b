package io.fx.micronaut.examples.mail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import io.fx.micronaut.examples.security.BlogServer;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's mail, black-box against GreenMail, a real SMTP server on a loopback port: with {@code BLOG_SMTP_HOST},
 * {@code BLOG_SMTP_PORT}, {@code BLOG_MAIL_TO} and {@code BLOG_EVENTS=true} a published post and a new comment are
 * mailed with their subjects, from the default sender; the {@code digest} job mails the five newest published
 * posts. (Micronaut Email's Jakarta Mail session is the JVM's default one, made with the first context's settings,
 * so every blog of this class, the only one of the test JVM that sends mail, uses the one GreenMail.)
 */
class BlogMailTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static GreenMail smtp;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void startSmtp() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        ServerSetup setup = new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP);
        setup.setServerStartupTimeout(15_000);
        smtp = new GreenMail(setup);
        smtp.start();
    }

    @AfterAll
    static void stopSmtp() {
        smtp.stop();
    }

    private static Map<String, String> mailVariables() {
        Map<String, String> variables = new HashMap<>();
        variables.put("BLOG_SMTP_HOST", "127.0.0.1");
        variables.put("BLOG_SMTP_PORT", Integer.toString(smtp.getSmtp().getPort()));
        variables.put("BLOG_MAIL_TO", "editors@example.com");
        return variables;
    }

    private HttpResponse<String> send(BlogServer blog, String method, String path, Map<String, String> headers,
                                      String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String create(BlogServer blog, String path, String body) throws Exception {
        HttpResponse<String> created = send(blog, "POST", path, Map.of(), body);
        assertEquals(201, created.statusCode(), created.body());
        return JSON.readTree(created.body()).path("data").path("id").asText();
    }

    private String publishedPost(BlogServer blog, String title, String slug) throws Exception {
        String id = create(blog, "/api/posts", "{\"title\":\"" + title + "\",\"body\":\"b\",\"slug\":\"" + slug + "\"}");
        HttpResponse<String> published = send(blog, "POST", "/api/posts/" + id + "/publish", Map.of(), "");
        assertEquals(200, published.statusCode(), published.body());
        return id;
    }

    /** The first mail GreenMail received with this subject, waiting for it at most 20 s. */
    private static MimeMessage mailed(String subject) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            Optional<MimeMessage> found = Arrays.stream(smtp.getReceivedMessages())
                .filter(message -> subject.equals(subjectOf(message))).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no mail with the subject '" + subject + "'; received: "
                    + Arrays.stream(smtp.getReceivedMessages()).map(BlogMailTest::subjectOf).toList());
            }
            Thread.sleep(50);
        }
    }

    private static String subjectOf(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String recipients(MimeMessage message) throws MessagingException {
        return Arrays.toString(message.getRecipients(Message.RecipientType.TO));
    }

    @Test
    void aPublishedPostAndANewCommentAreMailed() throws Exception {
        Map<String, String> variables = mailVariables();
        variables.put("BLOG_EVENTS", "true");
        try (BlogServer blog = BlogServer.start(variables)) {
            String post = publishedPost(blog, "Mailed post", "mailed-post");
            MimeMessage published = mailed("Published: Mailed post");
            assertEquals("[editors@example.com]", recipients(published));
            assertEquals("[" + MailVariables.DEFAULT_FROM + "]", Arrays.toString(published.getFrom()));
            assertTrue(GreenMailUtil.getBody(published).contains("Mailed post was published (posts/" + post + ")"),
                GreenMailUtil.getBody(published));

            create(blog, "/api/comments", "{\"post_id\":\"" + post + "\",\"body\":\"Well put\",\"author_name\":\"Ada\"}");
            MimeMessage comment = mailed("New comment by Ada");
            assertEquals("[editors@example.com]", recipients(comment));
            assertTrue(GreenMailUtil.getBody(comment).contains("Ada wrote: Well put"), GreenMailUtil.getBody(comment));
        }
    }

    @Test
    void theDigestJobMailsTheFiveNewestPublishedPosts() throws Exception {
        Map<String, String> variables = mailVariables();
        variables.put("BLOG_ADMIN_TOKEN", "digest-admin-token-0123456789");
        try (BlogServer blog = BlogServer.start(variables)) {
            for (int i = 1; i <= 6; i++) {
                publishedPost(blog, "Digest post " + i, "digest-post-" + i);
                Thread.sleep(5);
            }
            create(blog, "/api/posts", "{\"title\":\"Digest draft\",\"body\":\"b\",\"slug\":\"digest-draft\"}");
            HttpResponse<String> accepted = send(blog, "POST", "/api/admin/jobs",
                Map.of("X-Admin-Token", "digest-admin-token-0123456789"), "{\"type\":\"digest\"}");
            assertEquals(202, accepted.statusCode(), accepted.body());
            MimeMessage digest = mailed("Blog digest: the 5 newest posts");
            assertEquals("[editors@example.com]", recipients(digest));
            String body = GreenMailUtil.getBody(digest);
            for (int i = 2; i <= 6; i++) {
                assertTrue(body.contains("Digest post " + i), body);
            }
            assertFalse(body.contains("Digest post 1 "), "the sixth newest is left out: " + body);
            assertFalse(body.contains("Digest draft"), "drafts are left out: " + body);
            assertTrue(body.indexOf("Digest post 6") < body.indexOf("Digest post 2"), "newest first: " + body);
        }
    }
    @Test
    void badMailVariablesStopTheBlogNamingThem() {
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_SMTP_HOST", "127.0.0.1")))
            .getMessage().contains("BLOG_MAIL_TO"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_SMTP_HOST", "127.0.0.1",
            "BLOG_SMTP_PORT", "smtp", "BLOG_MAIL_TO", "a@example.com"))).getMessage().contains("BLOG_SMTP_PORT"));
        assertTrue(assertThrows(IllegalStateException.class, () -> BlogServer.start(Map.of("BLOG_MAIL_TO", "")))
            .getMessage().contains("BLOG_MAIL_TO"));
    }
}
