package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.RateLimitPolicy;
import io.github.bucket4j.ConsumptionProbe;

/** Where the buckets live: this instance's memory, or Redis for every replica. */
interface RateLimitBackend {

    /**
     * Takes one request from the key's bucket, if one is left.
     *
     * @param policy the policy
     * @param key    the key
     * @return what is left, or how long to wait
     * @throws io.fx.micronaut.limits.LimitsBackendException when the store cannot answer
     */
    ConsumptionProbe consume(RateLimitPolicy policy, String key);

    /**
     * Gives back the request {@link #consume} took, for a request another policy refused.
     *
     * @param policy the policy
     * @param key    the key
     */
    void refund(RateLimitPolicy policy, String key);
}
