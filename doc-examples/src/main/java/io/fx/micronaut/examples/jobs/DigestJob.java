package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.examples.mail.MailVariables;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.email.BodyType;
import io.micronaut.email.Email;
import io.micronaut.email.EmailSender;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code digest} job: the five newest published posts, mailed to {@code BLOG_MAIL_TO} through Micronaut Email's
 * {@link EmailSender} when {@code BLOG_SMTP_HOST} is set, logged (INFO, titles only) otherwise. A failed mail fails
 * the attempt, which is retried.
 *
 * @since 0.8.0
 */
// tag::digest-job[]
@Singleton
public class DigestJob implements JobHandler {

    /** The job type. */
    public static final String TYPE = "digest";
    /** How many posts a digest lists. */
    static final int SIZE = 5;

    private static final Logger LOG = LoggerFactory.getLogger(DigestJob.class);

    private final Models models;
    private final BeanProvider<EmailSender<?, ?>> sender;
    private final List<String> to;

    DigestJob(Models models, BeanProvider<EmailSender<?, ?>> sender,
              @Nullable @Property(name = MailVariables.TO) List<String> to) {
        this.models = models;
        this.sender = sender;
        this.to = to == null ? List.of() : List.copyOf(to);
    }

    @Override
    @NonNull
    public String type() {
        return TYPE;
    }

    @Override
    public void handle(@NonNull Job job) {
        List<Map<String, Object>> posts = models.of(Post.class)
            .list("filter=status:eq:published&sort=published_at:desc&total=none&limit=" + SIZE).rows();
        String body = posts.stream().map(post -> "- " + post.get("title") + " (" + post.get("published_at") + ")")
            .collect(Collectors.joining("\n", "The " + posts.size() + " newest posts of the blog:\n", "\n"));
        if (to.isEmpty()) {
            LOG.info("Digest job {} (no BLOG_SMTP_HOST, so not mailed): {}", job.id(),
                posts.stream().map(post -> post.get("title")).toList());
            return;
        }
        Email.Builder mail = Email.builder().subject("Blog digest: the " + SIZE + " newest posts").body(body, BodyType.TEXT);
        to.forEach(mail::to);
        sender.get().send(mail);
    }
}
// end::digest-job[]
