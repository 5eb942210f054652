"""A partner's settings, Django's defaults where they matter to the docs: CSRF and APPEND_SLASH stay on."""
import os

SECRET_KEY = os.environ['DJANGO_SECRET_KEY']
DEBUG = False
# The harness's partner origin (the browser, through its https proxy) and the sandbox's webhook deliveries.
ALLOWED_HOSTS = ['partner.test', '127.0.0.1']
ROOT_URLCONF = 'partner.urls'
INSTALLED_APPS = ['signing']
MIDDLEWARE = [
    'django.middleware.security.SecurityMiddleware',
    'django.contrib.sessions.middleware.SessionMiddleware',
    'django.middleware.common.CommonMiddleware',
    'django.middleware.csrf.CsrfViewMiddleware',
]
DATABASES = {}
# No database here: the session lives in a signed cookie.
SESSION_ENGINE = 'django.contrib.sessions.backends.signed_cookies'
SESSION_COOKIE_SECURE = True
SESSION_COOKIE_SAMESITE = 'Lax'
USE_TZ = True
# The app's log lines on stdout, where the test reads that a delivery was verified.
LOGGING = {
    'version': 1,
    'handlers': {'stdout': {'class': 'logging.StreamHandler', 'stream': 'ext://sys.stdout'}},
    'loggers': {'signing': {'handlers': ['stdout'], 'level': 'INFO'}},
}
