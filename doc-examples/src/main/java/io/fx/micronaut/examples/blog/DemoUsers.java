package io.fx.micronaut.examples.blog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The blog's demo accounts from {@code BLOG_DEMO_USERS}: comma-separated {@code name:password:role|role:tenant}
 * entries, roles and tenant optional ({@code alice:pw}, {@code erin:pw:editor}, {@code ada:pw::acme}); names
 * and passwords hold no {@code :} or {@code ,}. Passwords are kept as SHA-256 digests and compared in
 * constant time, and an unknown name is checked against a digest as well, so neither the comparison nor
 * its absence tells which names exist. A demo, not a user store: real accounts belong in an identity
 * provider or behind a slow password hash.
 */
final class DemoUsers {

    private static final String VARIABLE = "BLOG_DEMO_USERS";

    private final Map<String, User> users;
    private final byte[] nobody = digest("\u0000 no such user \u0000");

    private DemoUsers(Map<String, User> users) {
        this.users = users;
    }

    /**
     * @param value the variable's value
     * @return the accounts
     * @throws IllegalStateException naming {@code BLOG_DEMO_USERS} and the entry when one is malformed or repeated
     */
    static DemoUsers parse(String value) {
        Map<String, User> users = new LinkedHashMap<>();
        for (String entry : value.split(",", -1)) {
            User user = user(entry.strip());
            if (users.put(user.name(), user) != null) {
                throw new IllegalStateException(VARIABLE + " names the user " + user.name() + " twice");
            }
        }
        return new DemoUsers(Map.copyOf(users));
    }

    private static User user(String entry) {
        String[] parts = entry.split(":", -1);
        if (parts.length < 2 || parts.length > 4 || parts[0].isBlank() || parts[1].isEmpty()) {
            String name = parts[0].isBlank() ? "an entry" : "the entry of " + parts[0];
            throw new IllegalStateException(VARIABLE + ": " + name
                + " is not name:password[:role|role[:tenant]] (name and password required)");
        }
        List<String> roles = parts.length > 2 && !parts[2].isBlank()
            ? Arrays.stream(parts[2].split("\\|")).map(String::strip).filter(role -> !role.isEmpty()).toList()
            : List.of();
        String tenant = parts.length > 3 && !parts[3].isBlank() ? parts[3].strip() : null;
        return new User(parts[0].strip(), digest(parts[1]), roles, tenant);
    }

    /**
     * @param name     the user name given
     * @param password the password given
     * @return the account, when the name exists and the password is its own
     */
    Optional<User> authenticate(String name, String password) {
        User user = users.get(name);
        boolean matches = MessageDigest.isEqual(user == null ? nobody : user.passwordDigest(), digest(password));
        return user != null && matches ? Optional.of(user) : Optional.empty();
    }

    private static byte[] digest(String password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * One account.
     *
     * @param name           the user name, the token's subject
     * @param passwordDigest the SHA-256 digest of the password
     * @param roles          the roles, possibly none
     * @param tenant         the tenant id, or null
     */
    record User(String name, byte[] passwordDigest, List<String> roles, String tenant) {
    }
}
