/**
 * The blog's mail: {@code BLOG_SMTP_HOST} and the variables {@link io.fx.micronaut.examples.mail.MailVariables}
 * reads.
 */
package io.fx.micronaut.examples.mail;
