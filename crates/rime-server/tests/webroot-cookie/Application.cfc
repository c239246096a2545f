component {
    this.name = "cookieAttrs";
    this.sessionManagement = true;
    // Secure (behind HTTPS), a stricter SameSite and a shared domain; a value trying to add
    // its own attribute is refused.
    this.sessionCookie = { secure: true, sameSite: "strict", domain: ".example.com", path: "/; Evil=1" };
}
