package io.fx.micronaut.events.cache;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BroadcastMessageTest {

    @Test
    void keysKeepTheirTypeAcrossTheChannel() {
        UUID uuid = UUID.randomUUID();
        BroadcastMessage message = new BroadcastMessage("me", "posts", List.of("a", 7L, 8, uuid, true));
        Map<String, Object> json = message.toJson();
        assertEquals(List.of(List.of("s", "a"), List.of("l", "7"), List.of("i", "8"), List.of("u", uuid.toString()),
            List.of("b", "true")), json.get("keys"));
        assertEquals(Optional.of(message), BroadcastMessage.fromJson(json));
    }

    @Test
    void onlyKeysOfKnownTypesAreBroadcast() {
        assertTrue(BroadcastMessage.isBroadcastable("a"));
        assertTrue(BroadcastMessage.isBroadcastable(UUID.randomUUID()));
        assertFalse(BroadcastMessage.isBroadcastable(1.5));
        assertFalse(BroadcastMessage.isBroadcastable(List.of("a")));
        assertFalse(BroadcastMessage.isBroadcastable(null));
    }

    @Test
    void somethingElseOnTheChannelIsNoMessage() {
        assertEquals(Optional.empty(), BroadcastMessage.fromJson(Map.of("origin", "x")));
        assertEquals(Optional.empty(), BroadcastMessage.fromJson(Map.of("origin", "x", "cache", "c",
            "keys", List.of(List.of("z", "1")))));
        assertEquals(Optional.empty(), BroadcastMessage.fromJson(Map.of("origin", "x", "cache", "c",
            "keys", List.of(List.of("l", "not a number")))));
        assertEquals(Optional.empty(), BroadcastMessage.fromJson(Map.of("origin", "x", "cache", "c",
            "keys", List.of("s"))));
    }
}
