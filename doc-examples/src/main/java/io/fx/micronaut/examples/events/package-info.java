/**
 * The blog's events: every write emits, to the brokers whose addresses are set ({@code BLOG_EVENTS=true}).
 */
package io.fx.micronaut.examples.events;
