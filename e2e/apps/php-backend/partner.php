<?php
// The partner's own front of the tests (`php -S 127.0.0.1:<port> partner.php`): its login, which puts the signer's
// application into the session and opens their signing page, then docs/server-rendered.md's router script
// (signing.php, written in by the e2e suite) for everything else.
declare(strict_types=1);

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (preg_match('#^/login/([\w-]+)$#', (string) $path, $match)) {
    session_set_cookie_params(['path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
    session_start();
    $_SESSION['application_id'] = $match[1];
    header('Location: /sign/', true, 303);
    return;
}
return require __DIR__ . '/signing.php';
