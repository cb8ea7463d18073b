package io.fx.micronaut.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * Where a request's client address comes from ({@code fx.client-ip.*}): the connection's peer, unless the peer is
 * a trusted proxy, whose forwarding header then names the client.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(ClientIpConfiguration.PREFIX)
public interface ClientIpConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".client-ip";

    /**
     * @return the proxies whose forwarding header is believed, as CIDRs ({@code 10.0.0.0/8}, {@code ::1/128}) or
     *         single addresses; none (null) by default, so a client cannot choose its own address
     */
    @Nullable
    List<String> getTrustedProxies();

    /**
     * @return the forwarding header the trusted proxies set: {@code x-forwarded-for} (default), {@code forwarded}
     *         (RFC 7239) or {@code x-real-ip}
     */
    @NonNull
    @Bindable(defaultValue = "x-forwarded-for")
    String getHeader();
}
